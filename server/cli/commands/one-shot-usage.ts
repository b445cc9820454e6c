// The help of the one-shot commands, with their exit codes: what a script author reads before relying on them.
export const exitCodesHelp = `Exit codes:
  0  success (run: every call passed)
  1  the tool answered isError (read, prompt: the server failed the request)
  2  usage: a bad flag, an unknown tool or prompt, invalid arguments, a malformed collection,
     an unreadable file, a missing \${env.NAME}
  3  could not connect to the MCP server (the message says why and what to do)
  4  timed out (--timeout)
  5  an expectation failed (run: a call failed an expectation or answered isError)`;

export const oneShotUsage = `Usage: tool-console <command> [arguments]
         (--stdio "<command>" | --url <url> | --config <file> [--server <name>]) [options]

Commands (one request each; the answer is printed and the server stopped):
  list tools|resources|prompts
  call <tool> [--arg key=value ...] [--args '<json>' | --args @file.json | --args -]
              [--expect <expectation> ...]
  read <uri>
  prompt <name> [--arg key=value ...]
  run <collection.json> [--parallel N] [--junit report.xml]

Options:
  --stdio "<command>"    Start the MCP server as a child process (split like a shell would)
  --url <url>            An MCP server over Streamable HTTP
  --header "Name: value" A header for the --url server (repeatable)
  --config <file>        The server of a config file (Claude Desktop's, Cursor's or VS Code's mcp.json)
  --server <name>        Which server of the file, when it has more than one (without --config:
                         the file found in the usual places, as tool-console --help lists them)
  --token-store <file>   OAuth tokens kept by an earlier \`tool-console --url ... --token-store\`
  --client-id <id>, --client-secret <s>
                         OAuth client credentials (machine to machine, no browser)
  --arg key=value        An argument; the value is JSON when it parses, a string otherwise
  --args <json|@file|->  All arguments as a JSON object, inline, from a file or from stdin
  --expect <e>           /pointer=<json>, /pointer~=<regex>, output-schema or no-error (repeatable)
  --answer <value>       Answers the tool's next question: a JSON object for a form, the reply text
                         for sampling, or decline (repeatable; unanswered questions are declined)
  --json                 Print the exact MCP result as JSON
  --timeout <ms>         The command's time limit (run: each call's; default 60000, 0 for none)
  --connect-timeout <ms> How long the server may take to start and answer (default 30000)
  --parallel <n>         run: up to n calls at once (default 1, in order)
  --junit <file>         run: write a JUnit XML report

${exitCodesHelp}

Examples:
  tool-console list tools --stdio "npx -y @modelcontextprotocol/server-everything"
  tool-console call get-sum --arg a=2 --arg b=3 --expect '/content/0/text~=5' --url http://127.0.0.1:3001/mcp
  tool-console call get-sum --arg a=2 --arg b=3 --config .vscode/mcp.json --server everything
  tool-console run calls.json --junit report.xml`;
