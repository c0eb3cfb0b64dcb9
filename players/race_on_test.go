//go:build race

package players

// raceDetector reports a -race build: the long single-goroutine searches skip under
// -race -short (they find no race and take ten times longer); the plain suite runs them.
const raceDetector = true
