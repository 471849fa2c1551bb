// Package fileid tells files apart: two paths that reach one file give one
// identity, so that discovery lints it once.
package fileid
