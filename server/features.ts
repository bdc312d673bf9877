// The composition root of the engine's behaviour: each feature plugs in what it does for its
// entities (write hooks, create hooks, record actions, guards, import checks) and what every
// entity shares (the media library, the pages' addresses). The engine reads them through
// server/engine/behaviours.ts and imports none of these modules.
import { plugInAccountGuards } from './features/identity/accountGuards';
import { plugInRollActions } from './features/classes/attendanceActions';
import { plugInDiscounts } from './features/commerce/discounts';
import { plugInMediaLibrary } from './features/media/mediaLibrary';
import { plugInNotificationActions } from './features/messaging/notifications';
import { plugInContactReplies } from './features/messaging/contactReplies';
import { plugInOrderActions } from './features/commerce/orderActions';
import { plugInManualEnrolment } from './features/commerce/manualEnrolment';
import { plugInPageAddresses } from './features/catalogue/pages';
import { plugInSchedule } from './features/classes/schedule';
import { plugInCourseCopy } from './features/classes/courseCopy';
import { plugInSeats } from './features/commerce/seats';
import { plugInSessionActions } from './features/classes/classSessionActions';
import { plugInUserAccounts } from './features/identity/userAccounts';
import { plugInChildren } from './features/family/children';
import { plugInUserActions } from './features/identity/userActions';
import { plugInWaitlistActions } from './features/commerce/waitlistActions';

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
  plugInChildren();
  plugInAccountGuards();
  plugInUserActions();
  plugInOrderActions();
  plugInManualEnrolment();
  plugInSessionActions();
  plugInCourseCopy();
  plugInRollActions();
  plugInWaitlistActions();
  plugInNotificationActions();
  plugInContactReplies();
  plugInMediaLibrary();
  plugInPageAddresses();
}
