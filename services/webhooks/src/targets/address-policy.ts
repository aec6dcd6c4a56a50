// The address policy is shared with the MCP server's document fetcher: it lives in libs/platform.
export { classifyAddress, type AddressVerdict } from '@exs/platform';
