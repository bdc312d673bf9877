// Identity's public face: tokens and codes, passwords, sign-in limits, and what is whose.
// The only module of this feature that code outside it may import (lint refuses any other).
export { authTexts } from './authTexts';
export { bearerAuthentication } from './bearer';
export { OneTimeCodes } from './oneTimeCodes';
export { ownChild, ownershipTexts } from './ownership';
export { hashPassword, unusablePasswordHash, verifyPassword } from './passwords';
export { maxPasswordFailures, passwordWindowMs, sessionTexts } from './signInSessions';
export { Tokens } from './tokens';
