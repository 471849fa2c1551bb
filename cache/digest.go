package cache

import "github.com/lakelint/lakelint/catalog"

// CatalogDigest hashes everything the catalog holds, so that a file's rule
// pass can be known to see the same catalog as before (Run).
func CatalogDigest(cat *catalog.Catalog) [32]byte { return cat.Digest() }
