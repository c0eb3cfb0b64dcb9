// Package flock holds the one exclusive, non-blocking lock on a file that the run folders,
// the tablebase materials and the proof jobs use: an advisory lock (flock) where the
// system has one, which the kernel releases when the process ends, however it ends, so a
// killed process leaves no stale lock; elsewhere the lock file's existence.
package flock
