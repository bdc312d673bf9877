// Classes: a course's weekly slots and sessions, the register, copies for the next term.
import type { Feature } from '../feature';
import { plugInRollActions } from './attendanceActions';
import { plugInSessionActions } from './classSessionActions';
import { plugInCourseCopy } from './courseCopy';
import { plugInSchedule, registerSchedule } from './schedule';

export const classes: Feature = {
  name: 'classes',
  behaviours: [
    { name: 'schedule', plugIn: plugInSchedule },
    { name: 'sessionActions', plugIn: plugInSessionActions },
    { name: 'courseCopy', plugIn: plugInCourseCopy },
    { name: 'rollActions', plugIn: plugInRollActions },
  ],
  routes({ register, db }) {
    registerSchedule(register, db);
  },
};
