// Catalogue: the public site's courses, teachers, articles and pages, and the contact form.
import type { Feature } from '../feature';
import { registerContact } from './contact';
import { plugInPageAddresses } from './pages';
import { registerPublic } from './public';

export const catalogue: Feature = {
  name: 'catalogue',
  behaviours: [{ name: 'pageAddresses', plugIn: plugInPageAddresses }],
  routes({ register, db }) {
    registerPublic(register, db);
    registerContact(register, db);
  },
};
