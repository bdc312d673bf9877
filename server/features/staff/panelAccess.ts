// What the caller may do at the panel, as the panel draws it: the same access the server checks
// every call against (read with the user on this call, server/features/identity/bearer.ts).
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../codegen/openapi.gen';
import { currentUser, type Register } from '../../platform/http';
import { administratorRoleName } from '../../../schema/rules/roles';

export function registerPanelAccess(register: Register) {
  register('GET /api/Admin/access', 'admin', readPanelAccess, { need: 'panel' });
}

async function readPanelAccess(request: FastifyRequest): Promise<components['schemas']['PanelAccess']> {
  const { panel } = currentUser(request);
  if (panel.kind === 'staff') return { kind: 'staff', roleName: panel.roleName, grants: panel.grants, teacherId: panel.teacherId };
  return { kind: 'administrator', roleName: administratorRoleName, grants: { entities: {} }, teacherId: null };
}
