import type { SalesOrder } from '@fp/contract';

/** What every counter panel of the sales document screen gets (counter/index.tsx). */
export type CounterPanelProps = {
  /** The document as last read (GET /api/sales-orders/{pos_so_no}). */
  order: SalesOrder;
  /** The document is open and the user may edit it (lines and header change). */
  editable: boolean;
  /** The user has edit on the document's page (actions that do not need an open document, e.g. payments). */
  canEdit: boolean;
  /** Puts a changed document (an answer of a sales-orders call) in the query cache, or re-reads it. */
  onChanged: (order?: SalesOrder) => void;
};
