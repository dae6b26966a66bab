//! Trustworthy under bad input (issue 18): every input is read through one
//! bounded reader, parsing is linear, impossible setups and transcripts are
//! refused with their reason, and no parser panics on arbitrary bytes.
//!
//! - [`endless`]: devices, FIFOs and oversized inputs are refused at once.
//! - [`linear`]: long move lists and deeply nested YAML take no time.
//! - [`setups`]: impossible Margo setups are refused with their reason.
//! - [`transcripts`]: Margrites transcripts say each thing once, numbers fit.
//! - [`fuzz`]: every parser on arbitrary bytes and token soup, no panic.
//! - [`messages`]: a byte-order mark is skipped; messages read as English.

mod endless;
mod fuzz;
mod linear;
mod messages;
mod setups;
mod transcripts;
