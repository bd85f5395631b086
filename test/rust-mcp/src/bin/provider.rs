//! A provider over stdio for tests/round_trip.rs: the README's `AnswerProvider` (rmcp's server), whose tool returns a
//! conformance vector's answer decoded with the crate's own decoder (one that does not decode is the tool's error),
//! stating the output schema of the crate's own definition of the tool (`TOOL_DEFINITIONS`), as the README says.
//! Usage: provider VECTORS-FOLDER

use std::path::{Path, PathBuf};

use element_model::{Answer, TOOL_DEFINITIONS, decode_answer, read_json};
use element_model_mcp_round_trip::{AnswerProvider, TOOL};
use rmcp::ServiceExt;
use rmcp::model::JsonObject;

/// The answer of the vector the call names (`{"vector": NAME}`), built with the crate's types, or why not.
fn answer_of(vectors: &Path, arguments: &JsonObject) -> Result<Answer, String> {
    let name = arguments.get("vector").and_then(|v| v.as_str()).ok_or("no vector named")?;
    let path = vectors.join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut vector = read_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let input = vector.get_mut("input").map(serde_json::Value::take).unwrap_or_default();
    decode_answer(input).map_err(|e| format!("{name} does not decode: {e}"))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let Some(vectors) = args.next().map(PathBuf::from) else {
        return Err("usage: provider VECTORS-FOLDER".into());
    };
    let schema = TOOL_DEFINITIONS.iter().find(|t| t.name == TOOL).and_then(|t| t.output_schema).ok_or("the crate defines no tool returning the answer")?;
    let provider = AnswerProvider::new(schema, move |arguments| answer_of(&vectors, arguments))?;
    // Serves until the host closes stdin.
    provider.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
