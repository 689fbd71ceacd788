import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedDate,
  controlCharacterProblem,
  dateProblem,
  decimalNumber,
  multiLine,
  plainDecimal,
  singleLine,
  textRuleMessages,
  withoutControlCharacters,
} from './text-rules.js';

const oneLine = { multiline: false };
const lines = { multiline: true };
const at = (code: number) => String.fromCodePoint(code);
const control = (name: string) => textRuleMessages.control(name);

describe('controlCharacterProblem', () => {
  it('accepts names, notes and codes as trusts write them', () => {
    for (const text of [
      'Miss L Okonkwo',
      'Siobhán Ní Bhriain',
      'Zoë Brontë-Smith',
      'Mr Øyvind Ångström',
      'Αλέξανδρος',
      '王秀英',
      'Priya 👩🏽‍⚕️ Shah', // an emoji with a skin tone and a zero-width joiner
      'Deep wound infection (MRSA +ve)',
      '',
    ])
      expect(controlCharacterProblem(text, oneLine), text).toBeUndefined();
  });

  it('refuses each C0 control but tab, CR and LF everywhere, naming it', () => {
    for (let code = 0; code < 0x20; code += 1) {
      if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
      const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(controlCharacterProblem(`Smith${at(code)}`, lines), name).toBe(control(name));
      expect(controlCharacterProblem(`Smith${at(code)}`, oneLine), name).toBe(control(name));
    }
    expect(controlCharacterProblem('Mr \u001b[31mSmith', oneLine)).toBe(control('U+001B'));
  });

  it('takes line breaks and tabs in a note, and refuses them on one line', () => {
    for (const text of [
      'Seen in clinic.\nStill wishes to proceed.',
      'line one\r\nline two',
      'a\rb',
      'a\u2028b',
      'a\u2029b',
    ])
      expect(controlCharacterProblem(text, oneLine), JSON.stringify(text)).toBe(textRuleMessages.lineBreak);
    expect(controlCharacterProblem('Okonkwo\tL', oneLine)).toBe(textRuleMessages.tab);
    for (const text of [
      'Seen in clinic.\nStill wishes to proceed.',
      'line one\r\nline two',
      'Hb\t134',
      'a\u2028b',
    ])
      expect(controlCharacterProblem(text, lines), JSON.stringify(text)).toBeUndefined();
  });

  it('draws the lines of DEL and the C1 controls at U+007E/U+007F and U+009F/U+00A0', () => {
    expect(controlCharacterProblem('a~', oneLine)).toBeUndefined();
    expect(controlCharacterProblem(`a${at(0x7f)}`, lines)).toBe(control('U+007F'));
    expect(controlCharacterProblem(`a${at(0x80)}`, lines)).toBe(control('U+0080'));
    expect(controlCharacterProblem('Smith\u0085Jones', lines)).toBe(control('U+0085'));
    expect(controlCharacterProblem(`a${at(0x9f)}`, lines)).toBe(control('U+009F'));
    expect(controlCharacterProblem('a\u00a0b', oneLine)).toBeUndefined(); // no-break space
    expect(controlCharacterProblem('£\u00ff', oneLine)).toBeUndefined();
  });

  it('refuses the byte order mark but not its neighbours', () => {
    expect(controlCharacterProblem('\ufeffSmith', lines)).toBe(textRuleMessages.byteOrderMark);
    expect(controlCharacterProblem('Smith\ufeff', oneLine)).toBe(textRuleMessages.byteOrderMark);
    expect(controlCharacterProblem('a\ufefeb\uff00c', oneLine)).toBeUndefined();
    // A zero-width joiner is part of some scripts' spelling (docs/decisions/0043).
    expect(controlCharacterProblem('क्\u200dष', oneLine)).toBeUndefined();
  });

  it('refuses the noncharacters, at the edges of their ranges and in every plane', () => {
    for (const code of [0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x1ffff, 0x10fffe, 0x10ffff]) {
      const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(controlCharacterProblem(`a${at(code)}b`, lines), name).toBe(textRuleMessages.noncharacter(name));
    }
    for (const code of [0xfdcf, 0xfdf0, 0xfffd, 0x1fffd, 0x20000, 0x10fffd])
      expect(controlCharacterProblem(`a${at(code)}b`, lines), code.toString(16)).toBeUndefined();
  });

  it('names the first refused character, and leaves unpaired surrogates to the hostile-text guard', () => {
    expect(controlCharacterProblem('a\u0085b\u001bc', lines)).toBe(control('U+0085'));
    expect(controlCharacterProblem('a\ud800b\udfffc', oneLine)).toBeUndefined();
    // A high surrogate at the very end, then one before a noncharacter's low half.
    expect(controlCharacterProblem('a\ud83f', oneLine)).toBeUndefined();
    expect(controlCharacterProblem('\ud83f\udffe', oneLine)).toBe(textRuleMessages.noncharacter('U+1FFFE'));
  });

  it('reads 100,000 characters in a few milliseconds, whatever they are', () => {
    const inputs = [
      'a'.repeat(100_000),
      'é'.repeat(100_000),
      '😀'.repeat(50_000),
      '\n'.repeat(100_000),
      '\ud800'.repeat(100_000),
      `${'Okonkwo '.repeat(12_499)}\u0085`,
    ];
    for (const text of inputs) {
      const started = performance.now();
      controlCharacterProblem(text, lines);
      controlCharacterProblem(text, oneLine);
      withoutControlCharacters(text, oneLine);
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(250);
    }
    expect(controlCharacterProblem(inputs[5]!, lines)).toBe(control('U+0085'));
  });
});

describe('withoutControlCharacters', () => {
  it('turns tabs and line breaks into spaces on one line, and removes the rest', () => {
    expect(withoutControlCharacters('Miss L\tOkonkwo', oneLine)).toBe('Miss L Okonkwo');
    expect(withoutControlCharacters('\ufeffMr\u0085 Smith\ufffe\u001b', oneLine)).toBe('Mr Smith');
    expect(withoutControlCharacters('Mr\r\nSmith', oneLine)).toBe('Mr  Smith');
    expect(withoutControlCharacters('Note\nkept\u001b', lines)).toBe('Note\nkept');
    expect(withoutControlCharacters('a😀\u{1ffff}b', oneLine)).toBe('a😀b');
  });

  it('gives back the same text when there is nothing to remove', () => {
    const text = 'Siobhán Ní Bhriain';
    expect(withoutControlCharacters(text, oneLine)).toBe(text);
  });
});

describe('singleLine and multiLine checks', () => {
  const name = z.string().max(50).trim().check(singleLine);
  const note = z.string().max(500).check(multiLine);

  it('refuse under the field with the rule’s message', () => {
    const result = z.object({ name }).safeParse({ name: 'Mr\nSmith' });
    expect(result.error?.issues).toMatchObject([{ path: ['name'], message: textRuleMessages.lineBreak }]);
    expect(note.safeParse('Seen\u001b').error?.issues[0]?.message).toBe(control('U+001B'));
  });

  it('accept what the forms send: a trimmed line, and a note over several lines', () => {
    expect(name.parse('  Miss L Okonkwo\n')).toBe('Miss L Okonkwo');
    expect(note.parse('Seen in clinic.\r\nStill wishes to proceed.')).toBe(
      'Seen in clinic.\r\nStill wishes to proceed.',
    );
  });
});

describe('plainDecimal', () => {
  it('reads whole numbers and decimals as written, spaces around them ignored', () => {
    expect(plainDecimal('16')).toBe(16);
    expect(plainDecimal('007')).toBe(7);
    expect(plainDecimal('4.5')).toBe(4.5);
    expect(plainDecimal('-3.25')).toBe(-3.25);
    expect(plainDecimal('  6 ')).toBe(6);
    expect(Object.is(plainDecimal('-0'), 0)).toBe(true);
    expect(plainDecimal('0.1')).toBe(0.1);
  });

  it('refuses every other way of writing a number', () => {
    for (const text of [
      '0x10',
      '0X10',
      '0b101',
      '0o17',
      '1e3',
      '1E3',
      '2.5e-1',
      'Infinity',
      '-Infinity',
      'NaN',
      '+3',
      '--3',
      '-',
      '',
      '   ',
      '1_000',
      '1,000',
      '1 000',
      '.5',
      '5.',
      '4.5.1',
      '٣', // an Arabic-Indic digit
      '１２', // full-width digits
      '12abc',
      '9'.repeat(400), // too large to hold: Infinity
    ])
      expect(plainDecimal(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads a 100,000-character input quickly', () => {
    const started = performance.now();
    expect(plainDecimal(`${'1'.repeat(100_000)}x`)).toBeUndefined();
    expect(plainDecimal(`0.${'0'.repeat(99_990)}1`)).toBe(0);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('decimalNumber', () => {
  const days = decimalNumber(z.number().min(0).max(365), 'Enter the length of stay as a number of days');

  it('reads plain decimal text and passes numbers on', () => {
    expect(days.parse('16')).toBe(16);
    expect(days.parse(' 2.5 ')).toBe(2.5);
    expect(days.parse(16)).toBe(16);
  });

  it('refuses any other text with its message, and the number schema still bounds the value', () => {
    expect(days.safeParse('0x10').error?.issues).toMatchObject([
      { message: 'Enter the length of stay as a number of days' },
    ]);
    expect(days.safeParse('1e2').success).toBe(false);
    expect(days.safeParse('366').success).toBe(false);
    expect(decimalNumber(z.number()).safeParse('+1').error?.issues[0]?.message).toBe(textRuleMessages.number);
  });
});

describe('dateProblem and boundedDate', () => {
  it('takes the calendar days from 1900-01-01 to 2300-12-31', () => {
    for (const day of ['1900-01-01', '1951-03-14', '2024-02-29', '2026-12-06', '2300-12-31'])
      expect(dateProblem(day), day).toBeUndefined();
    expect(boundedDate.parse('2026-12-06')).toBe('2026-12-06');
  });

  it('refuses the calendar’s ends with a message saying which', () => {
    for (const day of ['0000-01-01', '0001-01-01', '1066-10-14', '1899-12-31'])
      expect(dateProblem(day), day).toBe(textRuleMessages.dateTooEarly);
    for (const day of ['2301-01-01', '9999-12-31'])
      expect(dateProblem(day), day).toBe(textRuleMessages.dateTooLate);
  });

  it('refuses what is not a day on the calendar, or not written YYYY-MM-DD', () => {
    for (const text of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '06/12/2026',
      '2026-12-06T00:00',
      '+2026-12-06',
      '２０２６-12-06',
      '',
    ])
      expect(dateProblem(text), text).toBe(textRuleMessages.date);
    expect(boundedDate.safeParse('2026-12-06 ').success).toBe(false);
    expect(boundedDate.safeParse('9'.repeat(100_000)).error?.issues[0]?.message).toBe(textRuleMessages.date);
  });
});
