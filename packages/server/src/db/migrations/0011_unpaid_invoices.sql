-- Shop invoices nobody paid are forgotten after two days (the scheduler, a batch a round): every
-- tap of Buy makes one, and most are never paid. A link paid after its row is gone is refused at
-- pre-checkout ("no longer sold"), so nobody is charged for it. Paid ones stay: sales name them.
CREATE INDEX invoices_unpaid ON invoices (created_at) WHERE status <> 'paid';
