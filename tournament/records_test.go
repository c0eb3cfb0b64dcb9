package tournament

import "github.com/fanorona/fanorona/engine/record/recordtest"

// Hand-built records (package recordtest).
const runA, runB = recordtest.RunA, recordtest.RunB

var rec, writeFile = recordtest.Rec, recordtest.WriteFile
