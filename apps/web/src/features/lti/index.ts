// The LTI feature's public face: nothing other features need yet. Its screens are routed by app/routes.tsx:
// /lti/start (a launch's hand-over), /lti/course/:id (an instructor's course page), /admin/lti (registration).
export {};
