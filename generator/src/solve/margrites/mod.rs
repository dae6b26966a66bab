//! Turn-level search for Margrites: "within N turns" objectives.
