// @ts-check
// The lobby's REST API, shared by the lobby and the table page: JSON in and out, a refusal thrown as its sentence.

/** @param {string} method @param {string} path @param {any} [body] @returns {Promise<any>} */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
  return data;
}
