/**
 * The request and response schemas of the official Events API v2 description
 * (events-v2.openapiv3.json, descriptions and examples left out), so that tests can
 * check every body the client sends against them. Generated; do not edit by hand.
 */
export const EVENTS_V2_SCHEMAS = {
  alertEvent: {
    type: 'object',
    properties: {
      payload: {
        $ref: '#/components/schemas/Payload',
      },
      routing_key: {
        type: 'string',
      },
      event_action: {
        enum: ['trigger', 'acknowledge', 'resolve'],
      },
      dedup_key: {
        type: 'string',
      },
      client: {
        type: 'string',
      },
      client_url: {
        type: 'string',
        format: 'url',
      },
      links: {
        $ref: '#/components/schemas/Links',
      },
      images: {
        $ref: '#/components/schemas/Images',
      },
    },
    required: ['routing_key', 'event_action'],
  },
  changeEvent: {
    type: 'object',
    properties: {
      payload: {
        $ref: '#/components/schemas/ChangeEventPayload',
      },
      routing_key: {
        type: 'string',
      },
      links: {
        $ref: '#/components/schemas/Links',
      },
      images: {
        $ref: '#/components/schemas/Images',
      },
    },
    required: ['payload', 'routing_key'],
  },
  success: {
    type: 'object',
    properties: {
      status: {
        type: 'string',
      },
      dedup_key: {
        type: 'string',
      },
      message: {
        type: 'string',
      },
    },
    required: ['status'],
  },
  error: {
    type: 'object',
    properties: {
      status: {
        type: 'string',
      },
      message: {
        type: 'string',
      },
      errors: {
        type: 'array',
        items: {
          type: 'string',
        },
      },
    },
    required: ['status', 'message'],
  },
  components: {
    Images: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          src: {
            type: 'string',
            format: 'url',
          },
          href: {
            type: 'string',
            format: 'url',
          },
          alt: {
            type: 'string',
          },
        },
        required: ['src'],
      },
    },
    Links: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          href: {
            type: 'string',
            format: 'url',
          },
          text: {
            type: 'string',
          },
        },
        required: ['href'],
      },
    },
    Payload: {
      type: 'object',
      properties: {
        summary: {
          type: 'string',
        },
        timestamp: {
          type: 'string',
          format: 'date-time',
        },
        severity: {
          enum: ['critical', 'warning', 'error', 'info'],
        },
        source: {
          type: 'string',
        },
        component: {
          type: 'string',
        },
        group: {
          type: 'string',
        },
        class: {
          type: 'string',
        },
        custom_details: {
          type: 'object',
        },
      },
      required: ['summary', 'severity', 'source'],
    },
    ChangeEventPayload: {
      type: 'object',
      properties: {
        summary: {
          type: 'string',
        },
        timestamp: {
          type: 'string',
          format: 'date-time',
        },
        source: {
          type: 'string',
        },
        custom_details: {
          type: 'object',
        },
      },
      required: ['summary'],
    },
  },
} as const;
