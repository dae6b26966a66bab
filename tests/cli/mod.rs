//! The `cannonball` command line as other programs and people use it: output forms, exit codes, located messages.

mod margo;
mod margrites;
mod margrites_solve;
mod render;
mod robust;
