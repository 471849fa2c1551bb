package databricks_test

import (
	"context"
	"fmt"
	"log"

	"github.com/lakelint/lakelint/stats/databricks"
)

// Settings come from DATABRICKS_* variables or ~/.databrickscfg unless set
// here; the token is never printed.
func Example() {
	cfg, err := databricks.Resolve(databricks.Config{Profile: "dev"})
	if err != nil {
		log.Fatal(err)
	}
	client, err := databricks.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	table, err := client.Fetch(context.Background(), "main.sales.orders", 100)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(table.NumFiles, table.SizeInBytes, table.History.Operations["OPTIMIZE"])
}
