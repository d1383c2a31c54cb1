/** An error answer of the sandbox, in one of the service's shapes (GitLab API v4 behaviour). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

export const notFound = (what = '') => new HttpError(404, { message: `404 ${what ? `${what} ` : ''}Not Found` });
export const unauthorized = () => new HttpError(401, { message: '401 Unauthorized' });
export const forbidden = (reason?: string) =>
  new HttpError(403, { message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' });
/** 400 `{"error": "name is missing"}`: Grape's parameter validation shape. */
export const paramError = (message: string) => new HttpError(400, { error: message });
/** 400 `{"message": "400 Bad request - <reason>"}`. */
export const badRequest = (reason: string) => new HttpError(400, { message: `400 Bad request - ${reason}` });
/** 400 `{"message": {"path": ["has already been taken"]}}`: model validation failures. */
export const validationError = (errors: Record<string, string[]>, status = 400) =>
  new HttpError(status, { message: errors });
export const conflict = (message: string) => new HttpError(409, { message });
export const unprocessable = (message: unknown) => new HttpError(422, { message });
export const methodNotAllowed = (message: string) => new HttpError(405, { error: message });
/**
 * A model's `errors.messages` as Ruby 3.3's Hash#inspect writes it into a message:
 * `{:url=>["is blocked: …"], :api_url=>["must be a valid URL"]}` (symbol keys, `"` strings).
 */
export const rubyHash = (errors: Record<string, string[]>): string =>
  `{${Object.entries(errors)
    .map(([key, messages]) => `:${key}=>[${messages.map((m) => JSON.stringify(m)).join(', ')}]`)
    .join(', ')}}`;
/** GitLab's `render_api_error!(message, status)`: `{"message": "..."}` with any status. */
export const apiError = (status: number, message: string) => new HttpError(status, { message });
