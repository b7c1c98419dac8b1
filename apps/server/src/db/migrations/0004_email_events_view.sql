-- docs/product.md §3: the email event view the email health screen reads.
CREATE VIEW email_events_v AS
  SELECT id, org_id, created_at AS "timestamp", action_type, recipient_email, template, success
  FROM email_events;
