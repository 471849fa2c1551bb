package link

// SetKeptDecoded sets how many decoded summaries a linker keeps, for
// tests that make every file's linking decode its summaries again; it
// returns the value before.
func SetKeptDecoded(n int) int {
	old := keptDecoded
	keptDecoded = n
	return old
}
