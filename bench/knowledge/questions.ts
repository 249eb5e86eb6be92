/**
 * Questions over Fastify's reference documentation as its npm package ships it
 * (`node_modules/fastify/docs/Reference/*.md`, fastify 5.12.8; MIT, written by the Fastify
 * team), each naming the passage that answers it: the file and the heading of its section (a
 * chunk under that heading, or under a heading below it, is the passage). Written for this
 * bench, worded as a user would ask, not copied from the headings.
 */
export interface Question {
  question: string;
  file: string;
  heading: string;
}

export const QUESTIONS: Question[] = [
  { question: 'How do I limit the maximum size of a request body the server accepts?', file: 'Server.md', heading: 'bodyLimit' },
  { question: 'How long does the server keep an idle keep-alive connection open?', file: 'Server.md', heading: 'keepAliveTimeout' },
  { question: 'What happens when a JSON body contains a __proto__ property?', file: 'Server.md', heading: 'onProtoPoisoning' },
  { question: 'Which header does the server read the request id from?', file: 'Server.md', heading: 'requestIdHeader' },
  { question: 'How can I generate my own request ids?', file: 'Server.md', heading: 'genReqId' },
  { question: 'How do I trust X-Forwarded-For headers when running behind a proxy?', file: 'Server.md', heading: 'trustProxy' },
  { question: 'How long may a plugin take to load before an error is thrown?', file: 'Server.md', heading: 'pluginTimeout' },
  { question: 'Are HEAD routes created automatically for every GET route?', file: 'Server.md', heading: 'exposeHeadRoutes' },
  { question: 'Should the server answer 503 to requests while it is closing?', file: 'Server.md', heading: 'return503OnClosing' },
  { question: 'How can I change the URL of a request before it is routed?', file: 'Server.md', heading: 'rewriteUrl' },
  { question: 'Are route paths case sensitive?', file: 'Server.md', heading: 'caseSensitive' },
  { question: 'How do I make /foo and /foo/ match the same route?', file: 'Server.md', heading: 'ignoreTrailingSlash' },
  { question: 'What is the maximum length of a route parameter?', file: 'Server.md', heading: 'maxParamLength' },
  { question: 'How do I start the server on a given port and host?', file: 'Server.md', heading: 'listen' },
  { question: 'How do I check whether a route was already registered?', file: 'Server.md', heading: 'hasRoute' },
  { question: 'How do I shut the server down and stop accepting new connections?', file: 'Server.md', heading: 'close' },
  { question: 'How do I set a timeout for receiving the whole request from the client?', file: 'Server.md', heading: 'requestTimeout' },
  { question: 'How are idle connections closed when the server closes?', file: 'Server.md', heading: 'forceCloseConnections' },
  { question: 'Can I limit how many requests one socket may serve?', file: 'Server.md', heading: 'maxRequestsPerSocket' },
  {
    question: 'How do I turn off the logging of every incoming request and its response?',
    file: 'Server.md',
    heading: 'disableRequestLogging',
  },
  { question: 'How do I handle client errors raised on the HTTP connection myself?', file: 'Server.md', heading: 'clientErrorHandler' },
  { question: 'Can routes use regular expressions that may be unsafe?', file: 'Server.md', heading: 'allowUnsafeRegex' },
  {
    question: 'How do I declare a route with its method, url, schema and handler in one object?',
    file: 'Routes.md',
    heading: 'Full declaration',
  },
  {
    question: 'What are the shorthand methods such as fastify.get for declaring routes?',
    file: 'Routes.md',
    heading: 'Shorthand declaration',
  },
  { question: 'Can a route handler be an async function that returns the payload?', file: 'Routes.md', heading: 'Async Await' },
  { question: 'How do I prefix all the routes of a plugin with /v1?', file: 'Routes.md', heading: 'Route Prefixing' },
  { question: 'How do I set a different log level for a single route?', file: 'Routes.md', heading: 'Custom Log Level' },
  { question: 'How do I version routes with the Accept-Version header?', file: 'Routes.md', heading: 'Version Constraints' },
  { question: 'How do I serve a route only for a given host name?', file: 'Routes.md', heading: 'Host Constraints' },
  { question: 'How do I attach custom configuration to a route and read it in the handler?', file: 'Routes.md', heading: 'Config' },
  { question: 'Which hook can transform the request payload stream before it is parsed?', file: 'Hooks.md', heading: 'preParsing' },
  { question: 'Which hook changes the payload before it is serialized?', file: 'Hooks.md', heading: 'preSerialization' },
  {
    question: 'Which hook runs once the response has been sent, for example to gather statistics?',
    file: 'Hooks.md',
    heading: 'onResponse',
  },
  { question: 'Which hook is called when a request times out?', file: 'Hooks.md', heading: 'onTimeout' },
  { question: 'How do I know that the client aborted the request before it completed?', file: 'Hooks.md', heading: 'onRequestAbort' },
  { question: 'How do I run code when the server starts listening?', file: 'Hooks.md', heading: 'onListen' },
  { question: 'How do I close database connections when the server is shutting down?', file: 'Hooks.md', heading: 'onClose' },
  { question: 'Which hook is called every time a new route is registered?', file: 'Hooks.md', heading: 'onRoute' },
  {
    question: 'Can a hook reply to the request directly and skip the route handler?',
    file: 'Hooks.md',
    heading: 'Respond to a request from a hook',
  },
  { question: 'How do I add hooks to one route only?', file: 'Hooks.md', heading: 'Route level hooks' },
  { question: 'How do I enable the logger when creating the server?', file: 'Logging.md', heading: 'Enable Logging' },
  { question: 'How do I hide authorization headers and other secrets from the logs?', file: 'Logging.md', heading: 'Log Redaction' },
  { question: 'Can I use my own logger instead of pino?', file: 'Logging.md', heading: 'Using Custom Loggers' },
  { question: 'How do I parse request bodies of any content type with one parser?', file: 'ContentTypeParser.md', heading: 'Catch-All' },
  { question: 'How do I remove the built-in JSON body parser?', file: 'ContentTypeParser.md', heading: 'removeContentTypeParser' },
  { question: 'How do I check whether a parser exists for a content type?', file: 'ContentTypeParser.md', heading: 'hasContentTypeParser' },
  {
    question: 'How do I add a property to the request object of every request?',
    file: 'Decorators.md',
    heading: 'decorateRequest(name, value, [dependencies])',
  },
  {
    question: 'How do I find out whether a decorator already exists on the instance?',
    file: 'Decorators.md',
    heading: 'hasDecorator(name)',
  },
  {
    question: 'What does the default error handler send to the client?',
    file: 'Errors.md',
    heading: 'What The Default Error Handler Sends',
  },
  { question: 'What do the FST_ERR error codes mean?', file: 'Errors.md', heading: 'Fastify Error Codes' },
  {
    question: 'What happens to an error thrown inside a promise that nobody catches?',
    file: 'Errors.md',
    heading: 'Catching Errors In Promises',
  },
  { question: 'How do I pass options to a plugin when I register it?', file: 'Plugins.md', heading: 'Plugin Options' },
  { question: 'How do I write my own plugin?', file: 'Plugins.md', heading: 'Create a plugin' },
  {
    question: 'How do I add a shared JSON schema and reference it with $ref?',
    file: 'Validation-and-Serialization.md',
    heading: 'Adding a shared schema',
  },
  {
    question: 'How do I change the format of validation error messages?',
    file: 'Validation-and-Serialization.md',
    heading: 'schemaErrorFormatter',
  },
  {
    question: 'How do I use another validation library instead of Ajv?',
    file: 'Validation-and-Serialization.md',
    heading: 'Validator Compiler',
  },
  { question: 'How do I add Ajv plugins such as ajv-errors?', file: 'Validation-and-Serialization.md', heading: 'Ajv Plugins' },
  { question: 'How long is a major version of Fastify supported?', file: 'LTS.md', heading: 'Long Term Support' },
  { question: 'Can I use Express middleware with Fastify?', file: 'Middleware.md', heading: 'Middleware' },
  { question: 'How do I serve HTTP/2 without TLS?', file: 'HTTP2.md', heading: 'Plain or insecure' },
];
