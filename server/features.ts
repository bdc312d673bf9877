// The composition root of the engine's behaviour: each feature plugs in what it does for its
// entities (write hooks, create hooks, record actions, guards, import checks) and what every
// entity shares (the media library, the pages' addresses). The engine reads them through
// server/behaviours.ts and imports none of these modules.
import { plugInAccountGuards } from './accountGuards';
import { plugInRollActions } from './attendanceActions';
import { plugInDiscounts } from './discounts';
import { plugInMediaLibrary } from './mediaLibrary';
import { plugInNotificationActions } from './notifications';
import { plugInOrderActions } from './orderActions';
import { plugInPageAddresses } from './pages';
import { plugInSchedule } from './schedule';
import { plugInSeats } from './seats';
import { plugInSessionActions } from './sessionActions';
import { plugInUserAccounts } from './userAccounts';
import { plugInUserActions } from './userActions';
import { plugInWaitlistActions } from './waitlistActions';

let plugged = false;

/** Plugs every feature in, once per process: behaviours are plain functions every server shares. */
export function plugInFeatures(): void {
  if (plugged) return;
  plugged = true;
  // The schedule's sync runs before the seats a raised capacity frees: both on a course's write.
  plugInSchedule();
  plugInSeats();
  plugInDiscounts();
  plugInUserAccounts();
  plugInAccountGuards();
  plugInUserActions();
  plugInOrderActions();
  plugInSessionActions();
  plugInRollActions();
  plugInWaitlistActions();
  plugInNotificationActions();
  plugInMediaLibrary();
  plugInPageAddresses();
}
