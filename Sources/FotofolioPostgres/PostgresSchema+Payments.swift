extension PostgresSchema {
    /// Money on shoots: an offer's payment terms copied into its booking, the payments a
    /// photographer marked received, and photographers' bank details. Amounts are whole
    /// haléře; days are `yyyy-mm-dd` text compared byte by byte.
    static let payments = """
        ALTER TABLE shoot_offer ADD COLUMN deposit bigint NOT NULL DEFAULT 0 CHECK (deposit >= 0);
        ALTER TABLE shoot_offer ADD COLUMN deposit_due_days bigint NOT NULL DEFAULT 7;
        ALTER TABLE shoot_offer ADD COLUMN rest_due_days bigint NOT NULL DEFAULT 0;
        ALTER TABLE booking ADD COLUMN deposit bigint NOT NULL DEFAULT 0 CHECK (deposit >= 0);
        ALTER TABLE booking ADD COLUMN deposit_due_days bigint NOT NULL DEFAULT 7;
        ALTER TABLE booking ADD COLUMN rest_due_days bigint NOT NULL DEFAULT 0;

        CREATE TABLE booking_payment (
            booking_id bigint NOT NULL REFERENCES booking ON DELETE CASCADE,
            part text NOT NULL CHECK (part IN ('deposit', 'rest')),
            paid_on text COLLATE "C" NOT NULL,
            marked_at timestamptz NOT NULL,
            PRIMARY KEY (booking_id, part));

        CREATE TABLE payee (
            user_id bigint PRIMARY KEY REFERENCES account ON DELETE CASCADE,
            iban text NOT NULL,
            name text NOT NULL,
            address text NOT NULL,
            company_id text,
            vat_number text,
            payment_note text NOT NULL,
            updated_at timestamptz NOT NULL);
        """
}
