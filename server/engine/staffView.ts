// What a staff member's role lets the engine show and change, in one place: the need of a call
// that names its entity in the path, the fields a role never receives, and the rows of a scoped
// grant. Administrators pass every check unchanged.
import type { FastifyRequest } from 'fastify';
import type { Verb } from '../../schema/rules/permissions';
import type { PanelNeed } from '../platform/http';

/** The need of a call on the entity its path names (`/api/Admin/{entity}/…`). */
export const pathEntityNeed =
  (can: Verb) =>
  (request: FastifyRequest): PanelNeed => {
    const params: unknown = request.params;
    const key = typeof params === 'object' && params !== null && 'entity' in params ? String(params.entity) : '';
    return { entity: key, can };
  };
