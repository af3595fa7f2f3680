// The customer ledger document types of the payments module (the books check them: books/checks.ts).

/** A processed cash receipt: entry_type 'payment', document_no = receipt_no, amount −receipt amount. */
export const CASH_RECEIPT_DOC = 'cash_receipt';
/** A remaining-amount adjustment: entry_type 'adjustment', document_no = its id, amount −adjustment amount. */
export const ADJUSTMENT_DOC = 'remaining_amount_adjustment';
