//! The README's "Use with MCP" example, which the provider and the round trip call.
mod readme_mcp;
pub use readme_mcp::*;
