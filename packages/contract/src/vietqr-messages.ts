// The franchise form's bank account rules (issue 11), zod- and library-free so the form and the schema say the same words.

/** A bank BIN on the franchise form: empty, or NAPAS's 6 digits. */
export const bankBinMessage = 'Bank BIN must be 6 digits (e.g. 970416 for ACB)';
/** A bank account number on the franchise form: empty, or 1 to 19 letters and digits (NAPAS). */
export const bankAccountNoMessage = 'Bank account number must be 1 to 19 letters or digits';
/** The answer of GET /api/cash-receipts/vietqr for a franchise without a bank account. */
export const noBankAccountMessage = (franchise: string) =>
  `Franchise ${franchise} has no bank account for VietQR; head office sets its bank BIN and account number on the franchise`;
