// ledger_test.go: the ledger file: appended and read back, lines of another writer kept,
// bad lines refused by number, the tables named by digest and command.

package proof

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fanorona/fanorona/internal/flock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ledgerLine(fen, claim, result, cert string) LedgerEntry {
	e := LedgerEntry{FEN: fen, Claim: claim, PaikaLimit: 50, Result: result, Nodes: 7, Seconds: 0.5}
	if cert != "" {
		e.Certificate, e.CertificateSHA256 = cert, "00"
	}
	return e
}

func TestLedgerAppendsAndKeepsOtherWritersLines(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ledger")
	l, err := ReadLedger(dir)
	require.NoError(t, err, "a folder not made yet is an empty ledger")
	assert.Empty(t, l.Entries)

	a := ledgerLine("9/9/2W3W2/9/3B1B3 w 0 0", "white-wins", "proven", "a.fpc.gz")
	require.NoError(t, l.Append(a))
	other, err := ReadLedger(dir)
	require.NoError(t, err)
	b := ledgerLine("9/9/2W3W2/9/3B1B3 b 3 0", "black-wins", "unknown", "")
	b.Split = true
	require.NoError(t, other.Append(b))
	c := ledgerLine("9/9/2W3W2/9/3B1B3 b 0 0", "black-wins", "disproven", "c.fpc.gz")
	require.NoError(t, l.Append(c), "l read before b was added")

	got, err := ReadLedger(dir)
	require.NoError(t, err)
	assert.Equal(t, []LedgerEntry{a, b, c}, got.Entries)
	assert.Equal(t, got.Entries, l.Entries)
	est, ok := c.Established()
	require.True(t, ok)
	assert.Equal(t, "white-not-loses", est.String(), "a disproven claim establishes its opposite")
	_, ok = b.Established()
	assert.False(t, ok)
	leftovers, err := filepath.Glob(filepath.Join(dir, ".*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers, "no temporary file or lock left behind")
}

func TestLedgerRefusesBadLines(t *testing.T) {
	for name, line := range map[string]string{
		"not JSON":               `{"fen":`,
		"a field unknown":        `{"fen":"9/9/9/9/4W2B1 w 0 0","claim":"white-wins","paika_limit":50,"result":"unknown","nodes":1,"seconds":0,"colour":"x"}`,
		"a ply counted":          `{"fen":"9/9/9/9/4W2B1 w 0 3","claim":"white-wins","paika_limit":50,"result":"unknown","nodes":1,"seconds":0}`,
		"a counter, theoretic":   `{"fen":"9/9/9/9/4W2B1 w 2 0","claim":"white-wins","paika_limit":0,"result":"unknown","nodes":1,"seconds":0}`,
		"decided, no file":       `{"fen":"9/9/9/9/4W2B1 w 0 0","claim":"white-wins","paika_limit":50,"result":"proven","nodes":1,"seconds":0}`,
		"a file outside":         `{"fen":"9/9/9/9/4W2B1 w 0 0","claim":"white-wins","paika_limit":50,"result":"proven","nodes":1,"seconds":0,"certificate":"../x.fpc.gz","certificate_sha256":"00"}`,
		"a result of no meaning": `{"fen":"9/9/9/9/4W2B1 w 0 0","claim":"white-wins","paika_limit":50,"result":"draw","nodes":1,"seconds":0}`,
	} {
		dir := t.TempDir()
		good := `{"fen":"9/9/9/9/4W2B1 w 0 0","claim":"white-wins","paika_limit":50,"result":"unknown","nodes":1,"seconds":0}`
		require.NoError(t, os.WriteFile(filepath.Join(dir, LedgerFile), []byte(good+"\n"+line+"\n"), 0o644))
		_, err := ReadLedger(dir)
		require.ErrorIs(t, err, ErrBadLedger, name)
		assert.Contains(t, err.Error(), "line 2", name)
	}
}

func TestTablesNamedByDigestAndCommand(t *testing.T) {
	ts := []TableSum{{File: "3v3.p50.fntb", SHA256: "bb"}, {File: "1v6.p50.fntb", SHA256: "aa"}}
	// printf 'aa  1v6.p50.fntb\nbb  3v3.p50.fntb\n' | sha256sum
	assert.Equal(t, "660d379d0408e5f3c5bcea89729b05e11450c10fe5ed56af43d518e6ceee156f", TablesDigest(ts))
	assert.Equal(t, "tablebase build --max-pieces 7", TablesCommand(ts, 50))
	assert.Equal(t, "tablebase build --max-pieces 4 --paika-limit 30", TablesCommand([]TableSum{{File: "2v2.p30.fntb"}}, 30))
	assert.Empty(t, TablesDigest(nil))
}

func TestLedgerAppendsAClaimOfACertificateOnce(t *testing.T) {
	l, err := ReadLedger(t.TempDir())
	require.NoError(t, err)
	a := ledgerLine("9/9/2W3W2/9/3B1B3 w 0 0", "white-wins", "proven", "a.fpc.gz")
	u := ledgerLine("9/9/2W3W2/9/3B1B3 b 0 0", "black-wins", "unknown", "")
	require.NoError(t, l.Append(a, u))
	require.NoError(t, l.Append(a, u), "the same certificate imported again")
	assert.Equal(t, []LedgerEntry{a, u, u}, l.Entries, "an unknown line is a job's figures, each kept")
}

func TestStandingCountsACertificateOnce(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "v.fpc.gz"), make([]byte, 234), 0o644))
	// A value: two claims about one position, one search, one file.
	win := ledgerLine("9/9/2W3W2/9/3B1B3 w 0 0", "white-not-loses", "proven", "v.fpc.gz")
	notLose := ledgerLine("9/9/2W3W2/9/3B1B3 w 0 0", "black-not-loses", "proven", "v.fpc.gz")
	unknown := ledgerLine("9/9/2W3W2/9/3B1B3 b 0 0", "black-wins", "unknown", "")
	s := standingOf(&Ledger{Dir: dir, Entries: []LedgerEntry{win, notLose, unknown}}, 50, nil)
	assert.Equal(t, 2, s.Decided)
	assert.Equal(t, 1, s.Unknown)
	assert.Equal(t, uint64(14), s.Nodes, "7 for the certificate, 7 for the unknown job")
	assert.Equal(t, 1.0, s.Seconds)
	assert.Equal(t, int64(234), s.CertificateBytes)
}

func TestLedgerAppendWaitsForAnotherWriter(t *testing.T) {
	dir := t.TempDir()
	release, busy, err := flock.TryLock(filepath.Join(dir, "ledger.lock"))
	require.NoError(t, err)
	require.False(t, busy)
	go func() {
		time.Sleep(100 * time.Millisecond)
		release()
	}()
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	a := ledgerLine("9/9/2W3W2/9/3B1B3 w 0 0", "white-wins", "proven", "a.fpc.gz")
	require.NoError(t, l.Append(a), "appended once the other writer is done")
	got, err := ReadLedger(dir)
	require.NoError(t, err)
	assert.Equal(t, []LedgerEntry{a}, got.Entries)

	held, busy, err := flock.TryLock(filepath.Join(dir, "ledger.lock"))
	require.NoError(t, err)
	require.False(t, busy)
	defer held()
	_, err = lockLedger(filepath.Join(dir, "ledger.lock"), 50*time.Millisecond)
	assert.ErrorContains(t, err, "another writer held the ledger")
}
