//go:build !race

package tournament

// raceDetector reports a -race build (see race_on_test.go).
const raceDetector = false
