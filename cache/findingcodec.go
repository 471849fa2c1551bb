package cache

import "github.com/lakelint/lakelint/finding"

// The run record keeps findings in their compact encoding (finding.AppendFindings).

func appendFindings(b []byte, fs []finding.Finding) []byte { return finding.AppendFindings(b, fs) }

func decodeFindings(b []byte) ([]finding.Finding, error) { return finding.DecodeFindings(b) }
