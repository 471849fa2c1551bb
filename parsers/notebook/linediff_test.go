package notebook

import (
	"math/rand"
	"strings"
	"testing"
)

// lcsLen is the textbook dynamic programme, to check matchLines against.
func lcsLen(a, b [][]byte) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if string(a[i]) == string(b[j]) {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

func TestMatchLinesIsLongestCommon(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	randLines := func() [][]byte {
		var sb strings.Builder
		for range rng.Intn(12) {
			sb.WriteByte("abc"[rng.Intn(3)])
			sb.WriteByte('\n')
		}
		return splitLines([]byte(sb.String()))
	}
	for range 2000 {
		a, b := randLines(), randLines()
		kept, ok := matchLines(a, b, 100)
		if !ok {
			t.Fatal("limit hit")
		}
		n, last := 0, -1
		for i, j := range kept {
			if j < 0 {
				continue
			}
			if j <= last || string(a[i]) != string(b[j]) {
				t.Fatalf("a=%q b=%q: bad match %v", a, b, kept)
			}
			last = j
			n++
		}
		if want := lcsLen(a, b); n != want {
			t.Fatalf("a=%q b=%q: kept %d lines, longest common is %d", a, b, n, want)
		}
	}
}

func TestMatchLinesLimit(t *testing.T) {
	a := splitLines([]byte("a\nb\nc\nd\n"))
	b := splitLines([]byte("w\nx\ny\nz\n"))
	if _, ok := matchLines(a, b, 3); ok {
		t.Error("8 edits fit in a limit of 3")
	}
	if _, ok := matchLines(a, b, 8); !ok {
		t.Error("8 edits do not fit in a limit of 8")
	}
}
