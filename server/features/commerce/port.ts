// Commerce's public face: prices, seats, the gateway and invoice numbers.
// The only module of this feature that code outside it may import (lint refuses any other).
export { zarinpal } from './gateway';
export { issueInvoiceNumber } from './invoices';
export { earlyBirdActive, earlyBirdEndsAt, earlyBirdHoldsAfterUntilMs } from './pricing';
export { registrationOpen, takenSeats } from './seats';
