// Family: the parent's own profile, children and their classes.
import type { Feature } from '../feature';
import { plugInChildren } from './children';
import { registerFamily } from './parentView';

export const family: Feature = {
  name: 'family',
  behaviours: [{ name: 'children', plugIn: plugInChildren }],
  routes({ register, db }) {
    registerFamily(register, db);
  },
};
