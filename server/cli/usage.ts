// `tool-console --help`: every flag of the console, with the scripted commands and the exit codes in brief (their own
// help is `tool-console call --help`).
import { exitCodesHelp } from './commands/one-shot-usage.js';

export const usage = `Usage: tool-console [options]

Serves a web console for MCP tools. With no --stdio, --url or --config it serves the servers of the first
config file found in the usual places (./.vscode/mcp.json, ./.cursor/mcp.json, ./.mcp.json,
~/.cursor/mcp.json, Claude Desktop's), else built-in demo tools.

Options:
  --config <file>        Serve the MCP servers of a config file: Claude Desktop's or Cursor's
                         (mcpServers) or VS Code's (servers), one console for all of them
  --server <name>        Only this server of the config file (repeatable)
  --eager                Start every server of the config file at once (default: when first opened)
  --demo                 Serve the demo tools even where a config file would be found
  --stdio "<command>"    Start an MCP server as a child process and talk to it over stdio
                         (split into words like a shell would: quotes and backslashes work)
  --url <url>            Connect to an MCP server over Streamable HTTP (HTTP+SSE as a fallback)
  --header "Name: value" Send a header to the --url server (repeatable)
  --client-id <id>       OAuth: a client registered with the server's authorization server
                         (default: register one dynamically)
  --client-secret <s>    OAuth: that client's secret
  --client-assertion-key <file>
                         OAuth: authenticate that client with a JWT signed by this PEM private
                         key (private_key_jwt, RFC 7523) instead of a secret
  --client-credentials   OAuth: use the client_credentials grant (needs --client-id and
                         --client-secret or --client-assertion-key), for machine to machine
                         access without a browser
  --client-metadata-url <https url>
                         OAuth: a Client ID Metadata Document of yours, used as the client_id
                         by authorization servers that support them (else: register)
  --scope "<scopes>"     OAuth: the scopes to ask for when the server does not say
  --token-store <file>   OAuth: keep tokens and a registered client in this file (mode 0600)
                         across restarts (default: in memory only)
  --open                 OAuth: open the authorization URL in the system browser
                         (--scope, --token-store and --open apply to every server of a config
                         file reached by URL; the --client-* flags to one, chosen with --server)
  --allow-execute        Let the page run tools. Off by default when fronting an MCP server;
                         the demo tools may always run when served on loopback
  --host <host>          Interface to listen on (default 127.0.0.1)
  --allowed-host <name>  Also answer requests for this host name (repeatable; a leading dot allows
                         a whole domain). Loopback names and IP addresses are always allowed
  --port <port>          Port to listen on (default 8000; 0 picks a free one)
  --sandbox-port <port>  Port of the second listener, the origin tool UIs (MCP Apps) run on
                         (default: a free one; on 127.0.0.1 reached as localhost, another site)
  --sandbox-origin <url> The origin browsers reach that listener under, when it is not
                         the listener's own (a reverse proxy's public name)
  --title <text>         Page title
  --prefix <path>        Serve under a path such as /explorer
  --max-body <bytes>     Largest tool call body accepted (default 1048576, 1 MiB)
  --timeout <ms>         A call's time limit, started again by each progress report (default 60000;
                         0 for none)
  --total-timeout <ms>   The most a call that keeps reporting progress may run (default 600000;
                         0 for no cap)
  --connect-timeout <ms> How long the MCP server may take to start and answer (default 30000)
  --root <dir>           A directory the MCP server may work in, offered as one of its roots
                         (repeatable; none unless given: the server keeps to its own arguments)
  --log-level <level>    The least severe log message to ask the MCP server for: debug, info (the
                         default), notice, warning, error, critical, alert or emergency
  -h, --help             Show this help
  -v, --version          Show the version

Scripted use (one request each, the answer printed; see tool-console call --help):
  tool-console list tools|resources|prompts | call <tool> --arg k=v | read <uri> | prompt <name>
               | run <collection.json> [--parallel N] [--junit out.xml]
               (with --stdio, --url, or --config <file> [--server <name>])

${exitCodesHelp}

Examples:
  tool-console
  tool-console --stdio "npx -y @modelcontextprotocol/server-everything" --allow-execute
  tool-console --config .vscode/mcp.json --server github --server memory --allow-execute
  tool-console --url http://127.0.0.1:3001/mcp --header "Authorization: Bearer $TOKEN"
  tool-console --url https://mcp.example.com/mcp --open --token-store ~/.tool-console-tokens.json`;
