// Package chromium finds the headless Chromium that the browser tests drive (the HTML
// report's and the analysis board's): $FANORONA_CHROMIUM, or the usual names on PATH.
package chromium

import (
	"fmt"
	"os"
	"os/exec"
)

// Find returns the path of a Chromium binary, or an error saying how to get one.
func Find() (string, error) {
	if p := os.Getenv("FANORONA_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no Chromium on PATH (chromium, chromium-browser, google-chrome): .ci/run installs Debian's chromium; or set FANORONA_CHROMIUM")
}
