import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  csvFile,
  importList,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';
import { createUser } from '../../test/factories/users.js';

/**
 * What a laboratory feed may send that must not stop the service or move a patient's risk
 * (docs/integration.md, Refusals; hazard H023): results whose text backtracked a regular expression
 * for minutes, a 900,000-digit value, values no patient can have, escapes that decode to control
 * characters, sample dates at the calendar's start. Each is answered 4xx (AE or AR for HL7) while
 * the liveness probe keeps answering within 100 ms; none changes a pathway.
 */

let t: TestApp;
let clerical: ClericalTrust;
let clientToken: string;
const clientId = `lab-${crypto.randomUUID().slice(0, 8)}`;
const nhsNumber = '9990000026';

/** Dates a few days back, so that the 90-day freshness rule (decision 0057) never turns these stale. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const hl7Time = (days: number, time: string) => `${daysAgo(days).slice(0, 10).replaceAll('-', '')}${time}`;
const ukDate = (days: number) => daysAgo(days).slice(0, 10).split('-').reverse().join('/');
const sampled = hl7Time(17, '083000');

const header =
  'NHS Number,Hospital Number,Forename,Surname,Date of Birth,Sex,Ethnic Category,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,TCI Date,Consultant,Priority';
const patientRow = `${nhsNumber},ZZP000001,Siobhán,O'Brien,14/03/1951,Female,A,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,P4`;
const bloods = [
  'NHS Number,Test Name,Result,Units,Sample Date',
  `${nhsNumber},Haemoglobin,128,g/L,${ukDate(55)}`,
];

const hl7 = (controlId: string, obx5: string, options: { pid3?: string; sampled?: string } = {}) =>
  [
    `MSH|^~\\&|WINPATH|RAN_PATH|ESR|RAN|${hl7Time(16, '101500')}||ORU^R01|${controlId}|P|2.4|||AL|NE`,
    `PID|1||${options.pid3 ?? `${nhsNumber}^^^NHS^NH~ZZP000001^^^RAN^MR`}||OBRIEN^SIOBHAN||19510314|F`,
    `OBR|1|ORD123|LAB456|FBC^Full blood count^WINPATH|||${sampled}`,
    `OBX|1|NM|1022431000000105^Haemoglobin estimation^SCT||${obx5}|g/L|130-180||||F|||${options.sampled ?? sampled}`,
  ].join('\r');

const observation = (
  value: Record<string, unknown>,
  effective = `${daysAgo(17).slice(0, 10)}T08:30:00+00:00`,
) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://snomed.info/sct', code: '1022431000000105' }] },
  subject: { identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: nhsNumber } },
  effectiveDateTime: effective,
  ...value,
});

const postHl7 = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/hl7/v2',
    headers: { ...bearer(clientToken), 'content-type': 'application/hl7-v2' },
    payload: text,
  });
const postFhir = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/fhir/r4/Observation',
    headers: { ...bearer(clientToken), 'content-type': 'application/fhir+json' },
    payload: JSON.stringify(body),
  });
const ackCode = (body: string) => /MSA\|(A[AER])/.exec(body)?.[1];

const pathway = async () => {
  const [row] = await queryRows<{ haemoglobin: unknown; evaluations: number }>(
    t.app.db,
    sql`select p.clinical->'haemoglobin' as haemoglobin,
          (select count(*)::int from evaluations e where e.pathway_id = p.id) as evaluations
        from pathways p where p.trust_code = ${clerical.trustCode} and p.nhs_number = ${nhsNumber} and p.is_active`,
  );
  return row!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Probes liveness every 10 ms while `work` runs, and returns the work's result with the slowest answer. */
async function whileProbing<T>(
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number; probes: number }> {
  let running = true;
  let slowestMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - sent);
      probes++;
      await sleep(10);
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs, probes };
  } finally {
    running = false;
    await probing;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  clerical = await createClericalTrust(t);
  await t.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
    values (${crypto.randomUUID()}, 'development', ${clientId}, ${clerical.trustCode}, 'Pathology link')`);
  clientToken = await t.tokenFor(clientId, { clientId });
  await importList(
    t,
    clerical,
    'knee',
    csvFile('ptl.csv', [header, patientRow]),
    csvFile('bloods.csv', bloods),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('results that once froze the service', () => {
  it('reads asterisks, 900,000 digits and a long flag run in linear time, answering liveness throughout', async () => {
    const before = await pathway();
    const worst = [
      `150${'*'.repeat(26)}x`,
      `150${'*'.repeat(40)}x`,
      '9'.repeat(900_000),
      `150 ${'H '.repeat(50_000)}x`,
      `<${' '.repeat(100_000)}5x`,
    ];
    const { result, slowestMs, probes } = await whileProbing(async () => {
      const answers = [];
      for (const [i, value] of worst.entries()) answers.push(await postHl7(hl7(`WORST${i}`, value)));
      answers.push(await postFhir(observation({ valueString: `150${'*'.repeat(40)}x` })));
      return answers;
    });
    // Each is text, not a number a laboratory reports (900,000 digits is past any number): left out with a note.
    expect(result.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(result.slice(0, 5).map((answer) => ackCode(answer.body))).toEqual(['AA', 'AA', 'AA', 'AA', 'AA']);
    for (const answer of result.slice(0, 5)) expect(answer.body).toContain('1 item ignored');
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(100);
    expect(await pathway()).toEqual(before);
  });
});

describe('values no patient can have', () => {
  it.each(['500', '-50', '0', '1e308'])(
    'refuses haemoglobin %s g/L by HL7 (AE at OBX-5) and by FHIR (422), changing nothing',
    async (value) => {
      const before = await pathway();
      const ack = await postHl7(hl7(`IMPOSSIBLE${value}`, value));
      expect(ack.statusCode).toBe(422);
      expect(ackCode(ack.body)).toBe('AE');
      expect(ack.body).toContain('OBX^1^5');
      expect(ack.body).toContain(
        "the haemoglobin result is not a possible value (a patient's result is between 30 and 250 g/L)",
      );
      const fhir = await postFhir(
        observation({
          valueQuantity: {
            value: Number(value),
            unit: 'g/L',
            system: 'http://unitsofmeasure.org',
            code: 'g/L',
          },
        }),
      );
      expect(fhir.statusCode).toBe(422);
      expect(fhir.json<{ issue: { expression: string[] }[] }>().issue[0]!.expression).toEqual([
        'Observation.valueQuantity.value',
      ]);
      expect(await pathway()).toEqual(before);
    },
  );

  it('applies a value outside the range the model was developed on, says so in the answer and the log, and names it on the summary', async () => {
    const ack = await postHl7(hl7('UNUSUAL45', '45', { sampled: hl7Time(16, '083000') }));
    expect(ack.statusCode).toBe(200);
    expect(ackCode(ack.body)).toBe('AA');
    expect(ack.body).toContain(
      '1 result outside the range the model was developed on (applied, and named on the risk summary)',
    );
    const [logged] = await queryRows<{ detail: string }>(
      t.app.db,
      sql`select detail from integration_messages where message_id = 'UNUSUAL45'`,
    );
    expect(logged!.detail).toBe(
      "OBX[1]: The haemoglobin result is outside the range the model was developed on (50–200 g/L): it was applied, and the patient's risk summary says so.",
    );
    const [row] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from pathways where trust_code = ${clerical.trustCode} and nhs_number = ${nhsNumber} and is_active`,
    );
    const clinician = await t.tokenFor(
      (await createUser(t.app.db, { trustCode: clerical.trustCode, roles: ['cl'] })).id,
    );
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${clerical.trustCode}/procedures/knee/patients/${row!.id}/risk-summary`,
      headers: bearer(clinician),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<{ result: { outsideModelRange: unknown[] } }>().result.outsideModelRange).toEqual([
      { field: 'haemoglobin', label: 'Haemoglobin', value: 45, unit: 'g/L', min: 50, max: 200 },
    ]);
  });
});

describe('text that is not text', () => {
  it.each([
    ['an escaped NUL in MSH-10', hl7('NUL\\X00\\1', '131'), 'MSH^1^10'],
    ['an escaped NUL in PID-3', hl7('NULPID', '131', { pid3: `${nhsNumber}\\X00\\^^^NHS^NH` }), 'PID^1^3'],
    [
      'an escaped C1 control in PID-3',
      hl7('C1PID', '131', { pid3: `${nhsNumber}^^^NHS^NH~ZZP\\X9B\\1^^^RAN^MR` }),
      'PID^1^3',
    ],
  ])('refuses %s with AR (400), never a 500', async (_name, text, where) => {
    const before = await pathway();
    const ack = await postHl7(text);
    expect(ack.statusCode).toBe(400);
    expect(ackCode(ack.body)).toBe('AR');
    expect(ack.body).toContain(where);
    expect(ack.body).not.toContain('Internal server error');
    expect(await pathway()).toEqual(before);
  });

  it.each([
    ['HL7 year 0000', () => postHl7(hl7('YEAR0', '131', { sampled: '00000101' })), 422],
    ['HL7 year 0001', () => postHl7(hl7('YEAR1', '131', { sampled: '00010101' })), 422],
    [
      'FHIR year 0001',
      () =>
        postFhir(
          observation(
            { valueQuantity: { value: 131, code: 'g/L', system: 'http://unitsofmeasure.org' } },
            '0001-01-01',
          ),
        ),
      422,
    ],
  ])('refuses a sample dated %s', async (_name, send, status) => {
    const answer = await send();
    expect(answer.statusCode).toBe(status);
    expect(answer.body).toContain('before 1900');
  });
});

describe('a message that cannot be read in time', () => {
  it('is refused (AR, or 422 for FHIR) and recorded, while the service answers', async () => {
    const quick = await createTestApp({ INTEGRATION_READ_TIMEOUT_MS: '1' });
    try {
      const trust = await createClericalTrust(quick);
      const id = `lab-${crypto.randomUUID().slice(0, 8)}`;
      await quick.app.db.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
        values (${crypto.randomUUID()}, 'development', ${id}, ${trust.trustCode}, 'Slow link')`);
      const token = await quick.tokenFor(id, { clientId: id });
      // A message of many results takes longer than 1 ms to read on its thread.
      const big = [
        hl7('SLOW1', '131'),
        ...Array.from(
          { length: 5_000 },
          (_, i) => `OBX|${i + 2}|NM|1022431000000105^Hb^SCT||131|g/L||||F|||${sampled}`,
        ),
      ].join('\r');
      const ack = await quick.app.inject({
        method: 'POST',
        url: '/hl7/v2',
        headers: { ...bearer(token), 'content-type': 'application/hl7-v2' },
        payload: big,
      });
      expect(ack.statusCode).toBe(400);
      expect(ackCode(ack.body)).toBe('AR');
      expect(ack.body).toContain('The message could not be read in time');
      const [logged] = await queryRows<{ outcome: string; message_id: string }>(
        quick.app.db,
        sql`select outcome, message_id from integration_messages m join integration_clients c on c.id = m.integration_client_id
            where c.client_id = ${id}`,
      );
      expect(logged).toEqual({ outcome: 'rejected', message_id: 'SLOW1' });
      const live = await quick.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await quick.close();
    }
  });
});

describe('the MLLP listener, which needs no token', () => {
  it('answers the worst values with an AA that leaves them out, liveness answering throughout', async () => {
    const port = await freePort();
    const listening = await createTestApp({
      HL7_MLLP_PORT: String(port),
      HL7_MLLP_CLIENT: 'ran-pathology-demo',
    });
    try {
      const probed = await (async () => {
        let running = true;
        let slowestMs = 0;
        const probing = (async () => {
          while (running) {
            const sent = performance.now();
            const response = await listening.app.inject({ method: 'GET', url: '/api/health/live' });
            expect(response.statusCode).toBe(200);
            slowestMs = Math.max(slowestMs, performance.now() - sent);
            await sleep(10);
          }
        })();
        const answers = [
          await mllpSend(port, hl7(`MLLPSTARS${Date.now()}`, `150${'*'.repeat(40)}x`)),
          await mllpSend(port, hl7(`MLLPDIGITS${Date.now()}`, '9'.repeat(900_000))),
        ];
        running = false;
        await probing;
        return { answers, slowestMs };
      })();
      expect(probed.answers.map(ackCode)).toEqual(['AA', 'AA']);
      for (const answer of probed.answers) expect(answer).toContain('1 item ignored');
      expect(probed.slowestMs).toBeLessThan(100);
    } finally {
      await listening.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function mllpSend(port: number, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(0x1c);
      if (end >= 0) {
        socket.end();
        resolve(received.subarray(1, end).toString('utf8'));
      }
    });
    socket.on('error', reject);
    socket.write(
      Buffer.concat([Buffer.from([0x0b]), Buffer.from(message, 'utf8'), Buffer.from([0x1c, 0x0d])]),
    );
  });
}
