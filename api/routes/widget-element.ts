/*
 * The widget's custom element as our own server-rendered pages write it (hosted booking pages,
 * the hosted account area): the attributes mirror what the embed code writes (embed-snippet).
 */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'classwise-widget': {
        client: string;
        history?: string;
        account?: string;
        tab?: string;
        'activity-group'?: string;
      };
    }
  }
}

export {};
