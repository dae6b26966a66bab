//! Spargo solved completely: enumeration of every reachable position and retrograde analysis.
