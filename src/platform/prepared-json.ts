/** A response body already written as JSON: a route's handler may return it instead of an object to serialise. */
export class PreparedJson {
  constructor(readonly text: string) {}
}
