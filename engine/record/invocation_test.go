package record

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestInvocationToolkitLine(t *testing.T) {
	for _, c := range []struct {
		inv  Invocation
		want string
	}{
		{Invocation{Version: "v1.2.0", Revision: "0c92ef9", CommitTime: "2026-12-01T10:00:00Z", GoVersion: "go1.26.8"},
			"v1.2.0, revision 0c92ef9 (2026-12-01T10:00:00Z), go1.26.8"},
		{Invocation{Version: "(devel)", Revision: "0c92ef9", Modified: true, CommitTime: "2026-12-01T10:00:00Z", GoVersion: "go1.26.8"},
			"(devel), revision 0c92ef9+modified (2026-12-01T10:00:00Z), go1.26.8"},
		{Invocation{Version: "(devel)", GoVersion: "go1.26.8"}, "(devel), no VCS revision recorded, go1.26.8"},
		{Invocation{Version: "(no build information)"}, "(no build information)"},
	} {
		assert.Equal(t, c.want, c.inv.Toolkit())
	}
	inv := NewInvocation([]string{"fanorona", "selfplay"})
	assert.Equal(t, []string{"fanorona", "selfplay"}, inv.CommandLine)
	assert.NotEmpty(t, inv.GoVersion)
}
