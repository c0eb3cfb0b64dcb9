package tournament

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A setting error names its settings as the package does, or as the caller asks, in the
// settings errors it holds too, and wraps what its %w verbs wrap.
func TestSettingErrorNamesSettingsAsAsked(t *testing.T) {
	flag := func(s Setting) string { return "--" + strings.ReplaceAll(string(s), "_", "-") }
	inner := settingErrorf("%v %d: must be at least 1", SettingGames, 0)
	outer := settingErrorf("%v: %v (and %w)", SettingResume, inner, fs.ErrNotExist)
	assert.EqualError(t, outer, "resume: games_per_pairing 0: must be at least 1 (and file does not exist)")
	assert.Equal(t, "--resume: --games-per-pairing 0: must be at least 1 (and file does not exist)", outer.Text(flag))
	assert.ErrorIs(t, outer, fs.ErrNotExist)
	assert.False(t, errors.Is(outer, inner), "%v does not wrap")

	// Wrapped in an error of another kind, the inner setting error is named as asked.
	wrapped := settingErrorf("%v: %w", SettingShard, fmt.Errorf("reading: %w", inner))
	assert.Equal(t, "--shard: reading: --games-per-pairing 0: must be at least 1", wrapped.Text(flag))
	assert.ErrorIs(t, wrapped, inner)

	// 100%% of a width-formatted value: verbs with flags and %% count right.
	w := settingErrorf("%5.1f%% %v %w", 99.5, SettingCount, fs.ErrExist)
	assert.Equal(t, " 99.5% --count file already exists", w.Text(flag))
	assert.ErrorIs(t, w, fs.ErrExist)
}
