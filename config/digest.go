package config

import (
	"crypto/sha256"
	"fmt"
)

// Digest identifies everything the config says: the bytes of its file, where
// it is, the command line laid over it, and the settings themselves (should
// a caller have changed one after loading). Two configs with one digest
// lint alike, so a run's results can be reused while it stays the same.
func (c *Config) Digest() [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%q\x00%q\x00%x\x00%q\x00%#v\x00%#v", c.Path, c.Dir, c.source, c.cmdline, c.Rules, c.Stats)
	var d [32]byte
	h.Sum(d[:0])
	return d
}
