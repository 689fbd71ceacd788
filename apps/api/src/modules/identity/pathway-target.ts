import type { FastifyRequest } from 'fastify';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { principalOf } from './authentication-plugin.js';
import type { Principal } from './identity.js';

/** What every call on one pathway starts with: the database, who asks, and the pathway's trust, procedure and id. */
export type PathwayTarget = [
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
];

/** The target of a call under `…/procedures/:type/patients/:id`. */
export const pathwayTargetOf = (
  db: Db,
  request: FastifyRequest & { params: { trust: string; type: ProcedureCode; id: string } },
): PathwayTarget => [db, principalOf(request), request.params.trust, request.params.type, request.params.id];
