// Messaging: SMS and e-mail, the notifications queue and its worker, replies to the contact form.
import type { Feature } from '../feature';
import { plugInContactReplies } from './contactReplies';
import { plugInNotificationActions } from './notifications';

export const messaging: Feature = {
  name: 'messaging',
  behaviours: [
    { name: 'notificationActions', plugIn: plugInNotificationActions },
    { name: 'contactReplies', plugIn: plugInContactReplies },
  ],
  routes() {
    // No calls of its own: the other features queue messages through its port.
  },
};
