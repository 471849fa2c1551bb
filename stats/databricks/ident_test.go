package databricks

import "testing"

func TestQuoteTableName(t *testing.T) {
	good := map[string]string{
		"orders":                    "`orders`",
		"sales.orders":              "`sales`.`orders`",
		"main.sales.orders":         "`main`.`sales`.`orders`",
		"`main`.sales.`orders`":     "`main`.`sales`.`orders`",
		"dev-catalog.raw_2024.évén": "`dev-catalog`.`raw_2024`.`évén`",
	}
	for in, want := range good {
		got, err := QuoteTableName(in)
		if err != nil || got != want {
			t.Errorf("QuoteTableName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := []string{
		"",
		"a..b",
		"a.b.c.d",
		"orders; DROP TABLE orders",
		"`orders` UNION SELECT 1",
		"a`.`b",
		"ord`ers",
		"'orders'",
		`"orders"`,
		"orders /* x */",
		"orders\n",
		"delta.`/mnt/raw/events`",
		"``",
	}
	for _, in := range bad {
		if got, err := QuoteTableName(in); err == nil {
			t.Errorf("QuoteTableName(%q) = %q, want an error", in, got)
		}
	}
}
