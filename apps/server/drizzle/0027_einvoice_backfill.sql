-- E-invoices (issue 21, modules/einvoices): every invoice and credit memo posted before e-invoices existed gets its
-- e-invoice row as not_sent (nothing was sent for it), so every posted document has exactly one (npm run check:books).
-- transaction_uuid is the same function of the number as modules/einvoices/record.ts (md5 of 'fp-einvoice:' || no,
-- in the 8-4-4-4-12 form).
INSERT INTO e_invoices (pos_si_no, document_type, pos_so_no, franchise_code, location_code, posting_date, customer_no,
                        customer_name, buyer_tax_code, buyer_company_name, buyer_address, amount, provider, state,
                        transaction_uuid, message)
  SELECT si.pos_si_no, 'invoice', si.pos_so_no, si.franchise_code, si.location_code, si.posting_date, si.customer_no,
         si.customer_name, '', '', '', si.amount, 'none', 'not_sent',
         regexp_replace(md5('fp-einvoice:' || si.pos_si_no), '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\1-\2-\3-\4-\5'),
         'Posted before e-invoices were sent'
    FROM sales_invoices si
  UNION ALL
  SELECT cm.pos_so_no, 'credit_memo', cm.applies_to_order_no, cm.franchise_code, cm.location_code,
         coalesce(cm.posting_date, cm.order_date), cm.sell_to_code, cm.sell_to_name, '', '', '', cm.grand_total, 'none',
         'not_sent',
         regexp_replace(md5('fp-einvoice:' || cm.pos_so_no), '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '\1-\2-\3-\4-\5'),
         'Posted before e-invoices were sent'
    FROM sales_orders cm
   WHERE cm.document_type = 'credit_memo'
ON CONFLICT DO NOTHING;
