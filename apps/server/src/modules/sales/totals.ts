// The money of a sales document, computed, never typed (issue 8): retail prices include VAT, so the VAT of a line is
// what its amount contains, never added on top. One implementation for the document, its list, the invoice, the
// books checker's expectations and the offline counter: the rules are in @fp/contract/pricing (issue 19), which the
// web calls with the same data.

export {
  discountOfPercent,
  documentTotals,
  headerDiscount,
  lineAmount,
  type DocumentTotals,
  type FeeAmount,
  type HeaderTerms,
  type PricedLine,
} from '@fp/contract/pricing';
