//go:build race

package tournament

// raceDetector reports a -race build: the long single-goroutine checks skip under
// -race -short (they find no race and take ten times longer); the plain suite runs them.
const raceDetector = true
