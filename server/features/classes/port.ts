// The classes' public face: a course's sessions and the learner's timetable.
// The only module of this feature that code outside it may import (lint refuses any other).
export { dayOf, syncCourseSessions, timetableOf } from './schedule';
