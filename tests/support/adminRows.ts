// Rows of the admin's order, enrolment and payment-attempt lists, as the server tests read them
// (the fields they look at; the contract's OrderRecord, EnrollmentRecord and PaymentAttemptRecord
// have them all).
export interface OrderRow {
  id: number;
  version: number;
  status: string;
  totalInTomans: number;
  discountInTomans: number;
  refundedInTomans: number;
  refundDueInTomans: number;
  cardPan: string;
  refId: string | null;
  userId: number;
  refundUnconfirmedAt: string | null;
}

export interface EnrolmentRow {
  id: number;
  version: number;
  status: string;
  childId: number;
  courseId: number;
  orderId: number;
}

export interface AttemptRow {
  kind: string;
  outcome: string;
  amountInTomans: number;
  authority: string | null;
  cardPan: string;
  refId: string;
}
