// Messaging: SMS and e-mail, the notifications queue and its worker, replies to the contact form.
import type { Feature, FeatureContext, Job } from '../feature';
import { notificationSettings } from './notifications';
import { notificationRound, startNotificationWorker } from './notificationWorker';
import { plugInContactReplies } from './contactReplies';
import { plugInNotificationActions } from './notifications';

export const messaging: Feature<FeatureContext, { sendNotifications: Job }> = {
  name: 'messaging',
  behaviours: [
    { name: 'notificationActions', plugIn: plugInNotificationActions },
    { name: 'contactReplies', plugIn: plugInContactReplies },
  ],
  routes() {
    // No calls of its own: the other features queue messages through its port.
  },
  jobs({ db, messaging: outside, config }) {
    const settings = { ...notificationSettings(), ...config.notifications };
    return {
      // Tomorrow's class reminders are queued and every due message sent, by any process; one
      // queued before a restart goes out at the start, not after the first poll.
      sendNotifications: { round: () => notificationRound(db, outside, settings), start: (clock) => startNotificationWorker(db, outside, settings, clock) },
    };
  },
};
