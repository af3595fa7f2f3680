-- Revenue storage (issue 11, modules/reports): the sales value entries and documents are append-only like every
-- ledger, and are filled here for every invoice and credit memo posted before them, with the same INSERT … SELECT
-- statements the postings run for one document (modules/reports/value.ts).
CREATE TRIGGER sales_value_entries_append_only BEFORE UPDATE OR DELETE ON sales_value_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_value_documents_append_only BEFORE UPDATE OR DELETE ON sales_value_documents
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
INSERT INTO sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, entry_kind, line_no, item_no, variant_code, category_code, quantity, amount)
  SELECT 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, o.sales_type,
         si.customer_no, 'item', l.line_no, l.item_no, l.variant_code, coalesce(c.code, ''), l.quantity, l.amount
    FROM sales_invoices si
    JOIN sales_orders o ON o.pos_so_no = si.pos_so_no
    JOIN sales_invoice_lines l ON l.pos_si_no = si.pos_si_no
    LEFT JOIN items i ON i.item_no = l.item_no
    LEFT JOIN categories c ON c.id = i.category_id
  UNION ALL
  SELECT 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, o.sales_type,
         si.customer_no, k.kind, 0, '', '', '', 0, k.amount
    FROM sales_invoices si
    JOIN sales_orders o ON o.pos_so_no = si.pos_so_no
    CROSS JOIN LATERAL (VALUES ('discount', -si.invoice_discount_amount), ('fee', si.fees_amount)) k(kind, amount)
   WHERE k.amount <> 0;
--> statement-breakpoint
INSERT INTO sales_value_documents (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, customer_name, quantity, amount)
  SELECT 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, o.sales_type,
         si.customer_no, si.customer_name,
         coalesce((SELECT sum(l.quantity) FROM sales_invoice_lines l WHERE l.pos_si_no = si.pos_si_no), 0), si.amount
    FROM sales_invoices si
    JOIN sales_orders o ON o.pos_so_no = si.pos_so_no;
--> statement-breakpoint
INSERT INTO sales_value_entries (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, entry_kind, line_no, item_no, variant_code, category_code, quantity, amount)
  SELECT 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, 'item', l.line_no, l.item_no, l.variant_code, coalesce(c.code, ''),
         -l.quantity, -l.amount
    FROM sales_orders cm
    JOIN sales_order_lines l ON l.pos_so_no = cm.pos_so_no
    LEFT JOIN items i ON i.item_no = l.item_no
    LEFT JOIN categories c ON c.id = i.category_id
   WHERE cm.document_type = 'credit_memo'
  UNION ALL
  SELECT 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, k.kind, 0, '', '', '', 0, k.amount
    FROM sales_orders cm
    CROSS JOIN LATERAL (VALUES
      ('discount', cm.invoice_discount_amount + cm.promotion_discount_amount + cm.points_discount_amount),
      ('fee', -cm.fees_amount)) k(kind, amount)
   WHERE cm.document_type = 'credit_memo' AND k.amount <> 0;
--> statement-breakpoint
INSERT INTO sales_value_documents (document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, customer_name, quantity, amount)
  SELECT 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, cm.sell_to_name,
         -coalesce((SELECT sum(l.quantity) FROM sales_order_lines l WHERE l.pos_so_no = cm.pos_so_no), 0),
         -cm.grand_total
    FROM sales_orders cm
   WHERE cm.document_type = 'credit_memo';
